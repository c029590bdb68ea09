import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

export const MAX_CUSTOM_INSTRUCTIONS = 2000;

interface CustomInstructionsFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Why the field cannot be used on this server, when it cannot. */
  unavailableReason?: string;
}

/** Free text sent after the template prompt (SPEC §7), or on its own. */
export function CustomInstructionsField({
  value,
  onChange,
  disabled,
  unavailableReason,
}: CustomInstructionsFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>Custom instructions</Label>
        <span className="text-xs text-stone-500 tabular-nums" aria-hidden>
          {value.length}/{MAX_CUSTOM_INSTRUCTIONS}
        </span>
      </div>
      <Textarea
        id={id}
        rows={3}
        value={value}
        maxLength={MAX_CUSTOM_INSTRUCTIONS}
        disabled={disabled || Boolean(unavailableReason)}
        aria-describedby={hintId}
        placeholder="e.g. Add a navy linen sofa, a round oak coffee table and a large abstract painting"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="text-xs text-stone-600">
        {unavailableReason ??
          `Added after the template's instructions, or used on their own. Up to ${MAX_CUSTOM_INSTRUCTIONS} characters.`}
      </p>
    </div>
  );
}

import type { BillingSubscriptionStatus } from '@hearth/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { STATUS_LABELS } from '../billing-view';

const tones: Record<BillingSubscriptionStatus, BadgeTone> = {
  active: 'success',
  canceling: 'warning',
  canceled: 'danger',
  past_due: 'danger',
  paused: 'warning',
  unpaid: 'danger',
  trialing: 'brand',
  none: 'neutral',
};

/** The SPEC §4 status label on a badge coloured by how urgent it is. */
export function SubscriptionStatusBadge({ status }: { status: BillingSubscriptionStatus }) {
  return <Badge tone={tones[status]}>{STATUS_LABELS[status]}</Badge>;
}

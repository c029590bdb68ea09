import { MAX_ROOM_NAME, type Photo } from '@hearth/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { useSetPhotoRoom } from '../api/set-photo-room';

/**
 * 'Room' of a photo (issue 13): photos of a listing with the same room name show the same room, so with 'Keep
 * furniture consistent' on, staging one sends the room's first used staging as a furniture reference.
 */
export function RoomField({ photo }: { photo: Photo }) {
  const id = useId();
  const [room, setRoom] = useState(photo.room ?? '');
  const save = useSetPhotoRoom(photo.projectId);
  const changed = room.trim() !== (photo.room ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    save.mutate(
      { photoId: photo.id, room: room.trim() || null },
      {
        onSuccess: (saved) => {
          setRoom(saved.room ?? '');
          showToast({
            title: 'Room saved',
            description: saved.room
              ? `${photo.fileName} shows the ${saved.room}.`
              : `${photo.fileName} is no longer in a room.`,
          });
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return redirectToLogin();
          showToast({
            variant: 'destructive',
            title: 'Room not saved',
            description: errorMessage(error) ?? 'Please try again.',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Room of ${photo.fileName}`} className="space-y-1.5">
      <label htmlFor={`${id}-room`} className="block text-sm font-medium text-stone-800">
        Room
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-room`}
          value={room}
          maxLength={MAX_ROOM_NAME}
          placeholder="e.g. Living room"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setRoom(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={!changed || save.isPending} className="h-11 shrink-0">
          {save.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          Save room
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        Give photos of the same room the same name: they are staged with the same furniture ('Keep furniture consistent'
        in the listing).
      </p>
    </form>
  );
}

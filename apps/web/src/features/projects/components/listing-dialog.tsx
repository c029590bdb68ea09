import type { DisclosureProfileId, Project } from '@hearth/contracts';
import { Download, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { saveFile } from '../api/download-project';
import { useDisclosureProfiles, useDownloadForMls, usePublishListing, useUpdateListing } from '../api/listing';

interface ListingDialogProps {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * A project as a listing (issue 14): its name, address, MLS number and disclosure profile; the public
 * originals page and its QR code; and 'Download for MLS'.
 */
export function ListingDialog({ project, onOpenChange }: ListingDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      {project ? (
        <DialogContent
          title="Listing"
          description="Name the listing, choose the MLS rules its photos follow, and download them ready to upload."
          className="max-w-lg"
        >
          <ListingForm key={project.id} project={project} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function failureToast(title: string, failure: unknown) {
  if (isUnauthorizedError(failure)) return redirectToLogin();
  showToast({ variant: 'destructive', title, description: errorMessage(failure) ?? 'Please try again.' });
}

function ListingForm({ project }: { project: Project }) {
  const [name, setName] = useState(project.name);
  const [address, setAddress] = useState(project.address ?? '');
  const [mlsNumber, setMlsNumber] = useState(project.mlsNumber ?? '');
  const [profile, setProfile] = useState<DisclosureProfileId>(project.disclosureProfile);
  const [keepFurniture, setKeepFurniture] = useState(project.keepFurnitureConsistent);
  const [size, setSize] = useState<2048 | 3000>(3000);
  const [label, setLabel] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const profiles = useDisclosureProfiles();
  const update = useUpdateListing();
  const publish = usePublishListing();
  const mlsDownload = useDownloadForMls();
  const chosen = profiles.data?.find((p) => p.id === profile);
  // The download follows the saved rules, which may differ from an unsaved choice in the form.
  const saved = profiles.data?.find((p) => p.id === project.disclosureProfile);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        id: project.id,
        changes: { name, address, mlsNumber, disclosureProfile: profile, keepFurnitureConsistent: keepFurniture },
      },
      {
        onSuccess: () => showToast({ title: 'Listing Saved', description: `"${name.trim()}" was saved.` }),
        onError: (failure) => failureToast('Listing Not Saved', failure),
      },
    );
  };

  const download = () => {
    setRefusal(null);
    mlsDownload.mutate(
      { project, size, label: saved?.label === 'allowed' && label },
      {
        onSuccess: saveFile,
        onError: (failure) => {
          if (isUnauthorizedError(failure)) return redirectToLogin();
          setRefusal(errorMessage(failure) ?? 'The download failed. Please try again.');
        },
      },
    );
  };

  const publicUrl = project.publicUrl ? new URL(project.publicUrl, window.location.origin).href : null;

  return (
    <div className="space-y-6">
      <form onSubmit={save} className="space-y-4">
        <FormField id="listing-name" label="Project name">
          {(control) => (
            <Input {...control} value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <FormField id="listing-address" label="Listing address" hint="Optional. Shown on the public originals page.">
          {(control) => (
            <Input {...control} value={address} maxLength={200} onChange={(e) => setAddress(e.target.value)} />
          )}
        </FormField>
        <FormField id="listing-mls-number" label="MLS number" hint="Optional.">
          {(control) => (
            <Input {...control} value={mlsNumber} maxLength={40} onChange={(e) => setMlsNumber(e.target.value)} />
          )}
        </FormField>
        <FormField
          id="listing-profile"
          label="Disclosure rules"
          hint={
            chosen ? (
              <>
                {chosen.rules.join(' ')} Source:{' '}
                <a href={chosen.sourceUrl} target="_blank" rel="noreferrer" className="underline">
                  {chosen.sourceTitle}
                </a>
              </>
            ) : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={profile}
              onChange={(e) => setProfile(e.target.value as DisclosureProfileId)}
            >
              {(profiles.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex items-start gap-2.5">
          <input
            id="listing-keep-furniture"
            type="checkbox"
            checked={keepFurniture}
            onChange={(e) => setKeepFurniture(e.target.checked)}
            aria-describedby="listing-keep-furniture-hint"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <div className="min-w-0">
            <label htmlFor="listing-keep-furniture" className="text-sm font-medium text-stone-800">
              Keep furniture consistent
            </label>
            <p id="listing-keep-furniture-hint" className="text-xs text-stone-600">
              Photos given the same Room in the review show the same furniture: the first staged photo of a room you use
              is sent as a reference when its other photos are staged.
            </p>
          </div>
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          Save listing
        </Button>
      </form>

      <section aria-labelledby="originals-page-title" className="space-y-2 border-t border-stone-200 pt-4">
        <h3 id="originals-page-title" className="font-semibold text-stone-900">
          Public originals page
        </h3>
        {publicUrl ? (
          <>
            <p className="text-sm break-all text-stone-700">
              Published at{' '}
              <a href={publicUrl} target="_blank" rel="noreferrer" className="underline">
                {publicUrl}
              </a>
              . Its photos are kept while it is published, past the retention period.
            </p>
            <p className="flex flex-wrap gap-3 text-sm">
              <a className="underline" href={`/api/projects/${project.id}/qr.png`} download="listing-qr.png">
                QR code (PNG)
              </a>
              <a className="underline" href={`/api/projects/${project.id}/qr.svg`} download="listing-qr.svg">
                QR code (SVG)
              </a>
            </p>
          </>
        ) : (
          <p className="text-sm text-stone-700">
            A page anyone can open without signing in, showing each altered photo beside its original.
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(
              { id: project.id, publish: !publicUrl },
              { onError: (failure) => failureToast('Originals Page Not Changed', failure) },
            )
          }
        >
          {publicUrl ? 'Unpublish' : 'Publish originals page'}
        </Button>
      </section>

      <section aria-labelledby="mls-download-title" className="space-y-2 border-t border-stone-200 pt-4">
        <h3 id="mls-download-title" className="font-semibold text-stone-900">
          Download for MLS
        </h3>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          Size
          <select
            className={`${inputClasses} h-9 w-auto`}
            value={size}
            onChange={(e) => setSize(Number(e.target.value) === 2048 ? 2048 : 3000)}
          >
            <option value={3000}>3000 px long edge</option>
            <option value={2048}>2048 px long edge</option>
          </select>
        </label>
        {saved?.label === 'allowed' ? (
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={label}
              onChange={(e) => setLabel(e.target.checked)}
            />
            <span>
              Burn a '{saved.labelText}' label into each altered photo
              {saved.labelWithUrl ? (publicUrl ? ', with the originals page address' : '') : ''}
            </span>
          </label>
        ) : saved?.label === 'required' ? (
          <p className="text-sm text-stone-700">
            {saved.name} requires a '{saved.labelText}' label on each altered photo: it is burned in.
          </p>
        ) : null}
        {refusal ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {refusal}
          </p>
        ) : null}
        <Button onClick={download} disabled={mlsDownload.isPending}>
          {mlsDownload.isPending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          Download for MLS
        </Button>
      </section>
    </div>
  );
}

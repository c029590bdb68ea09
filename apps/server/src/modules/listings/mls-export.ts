import { Readable } from 'node:stream';
import { ALTERATION_LABELS, captionFor, type DisclosureProfile, type EditClassification } from '@hearth/contracts';
import { mlsPhoto, type BurnedLabel } from '@hearth/image-engine';
import type { ZipEntry } from '../../infrastructure/archive/zip';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import type { ExportablePhoto } from './check';

/** Most MLSs refuse a photo over 10 MB. */
export const MLS_MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface ExportSettings {
  profile: DisclosureProfile;
  longEdge: number;
  /** Whether altered photos carry the profile's label: always where it is required, by choice where allowed. */
  burnLabel: boolean;
  /** The originals page's absolute URL, while the listing is published. */
  publicUrl: string | null;
  madeAt: Date;
}

/** One file of the export before it is made: what it is, its name, and how its pixels are made. */
interface PlannedPhoto {
  name: string;
  photo: ExportablePhoto;
  kind: 'result' | 'original';
  caption: string;
  classification: 'exempt' | 'disclosed' | 'original';
  originalName: string;
  label?: BurnedLabel;
  description: string;
}

/**
 * The listing's photos in the MLS's order: each result, with its unaltered original right before or after it
 * where the profile asks (only for disclosed photos: an exempt one is the photo as it was), numbered 01, 02 …
 */
export function planExport(photos: ExportablePhoto[], settings: ExportSettings): PlannedPhoto[] {
  const { profile } = settings;
  const planned: Omit<PlannedPhoto, 'name' | 'originalName'>[][] = photos.map((photo) => {
    const disclosed = photo.edit.classification === 'disclosed';
    const caption = captionFor(profile, photo.edit);
    const result = {
      photo,
      kind: 'result' as const,
      caption,
      classification: photo.edit.classification,
      description: resultDescription(photo.edit, caption, settings.publicUrl),
      ...(disclosed && settings.burnLabel ? { label: labelOf(profile, settings.publicUrl) } : {}),
    };
    if (!disclosed || profile.originals === 'none' || !photo.originalKey) return [result];
    const original = {
      photo,
      kind: 'original' as const,
      caption: 'Original photo (unaltered)',
      classification: 'original' as const,
      description: 'Unaltered original photo.',
    };
    return profile.originals === 'before' ? [original, result] : [result, original];
  });
  const flat = planned.flat();
  const digits = Math.max(2, String(flat.length).length);
  const named = flat.map((file, index) => ({
    ...file,
    name: `${String(index + 1).padStart(digits, '0')}-${stemOf(file.photo.fileName)}${file.kind === 'original' ? '-original' : ''}.jpg`,
  }));
  return named.map((file) => ({
    ...file,
    originalName:
      file.kind === 'result'
        ? (named.find((other) => other.photo === file.photo && other.kind === 'original')?.name ?? '')
        : '',
  }));
}

function labelOf(profile: DisclosureProfile, publicUrl: string | null): BurnedLabel {
  const url = profile.label.withUrl && publicUrl ? ` · ${publicUrl.replace(/^https?:\/\//, '')}` : '';
  return { text: `${profile.label.text}${url}`, corner: profile.label.corner, heightRatio: profile.label.heightRatio };
}

function resultDescription(edit: EditClassification, caption: string, publicUrl: string | null): string {
  if (edit.classification === 'exempt')
    return 'Photo adjusted for light, colour and exposure only; not digitally altered.';
  const what = edit.alterations.map((a) => ALTERATION_LABELS[a]).join(', ');
  const original = publicUrl ? ` Unaltered original: ${publicUrl}` : '';
  return `${caption}: ${what}.${original}`;
}

/** 'Kitchen #2.heic' → 'kitchen-2': safe in every MLS's upload form and every file system. */
function stemOf(fileName: string): string {
  const stem = fileName
    .replace(/\.[^.]+$/, '')
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return stem || 'photo';
}

/** The ZIP's entries: the photos made one at a time as the archive reaches them, then captions.csv and remarks.txt. */
export function exportEntries(storage: ObjectStorage, photos: ExportablePhoto[], settings: ExportSettings): ZipEntry[] {
  const plan = planExport(photos, settings);
  const text = (name: string, body: string): ZipEntry => ({
    name,
    modifiedAt: settings.madeAt,
    open: async () => Readable.from([Buffer.from(body, 'utf8')]),
  });
  return [
    ...plan.map((file): ZipEntry => ({
      name: file.name,
      modifiedAt: file.photo.madeAt,
      open: async () => {
        const source = await readAll(
          await storage.get(file.kind === 'result' ? file.photo.resultKey : file.photo.originalKey!),
        );
        const jpeg = await mlsPhoto(source, {
          longEdge: settings.longEdge,
          description: file.description,
          maxBytes: MLS_MAX_PHOTO_BYTES,
          ...(file.label ? { label: file.label } : {}),
        });
        return Readable.from([jpeg]);
      },
    })),
    text('captions.csv', captionsCsv(plan)),
    text('remarks.txt', remarksOf(settings, photos)),
  ];
}

/** RFC 4180: CRLF lines, fields quoted when they hold a comma, quote or line break. */
function captionsCsv(plan: PlannedPhoto[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = [
    ['file', 'caption', 'classification', 'original file'],
    ...plan.map((f) => [f.name, f.caption, f.classification, f.originalName]),
  ];
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

function remarksOf({ profile, publicUrl }: ExportSettings, photos: ExportablePhoto[]): string {
  if (!photos.some((p) => p.edit.classification === 'disclosed')) {
    return 'No photo of this listing was digitally altered: light, colour and exposure adjustments only.\n';
  }
  const page = publicUrl ? `\nUnaltered originals: ${publicUrl}` : '';
  return `${profile.remarks}${page}\n`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

import type { ImageType } from '@hearth/image-engine';
import { resolveRequest, type EngineAvailability } from '../templates/service';
import type { ReceivedFile } from './receive';

/**
 * Work this process's photo worker may begin on an original while the rest of its batch still uploads
 * (docs/decisions/105). It is only ever a head start: no row, count or quota is touched, and a job that finds
 * none does the work itself.
 */
export interface HeadStarts {
  begin(photo: HeadStartPhoto, edit: HeadStartEdit): void;
  /** The batch was not taken: whatever was begun for these photos is given up and its files removed. */
  drop(photoIds: readonly string[]): void;
}

export interface HeadStartPhoto {
  id: string;
  originalKey: string;
  imageType: ImageType;
}

/** What decides the work on a photo before its versions exist: their template and instructions. */
export interface HeadStartEdit {
  templateId: string | null;
  customPrompt: string | null;
}

/**
 * The head start of one upload: each stored original is begun as the fields sent before it ask (a form sends
 * its fields first). Fields the upload will refuse begin nothing.
 */
export function headStartUpload(headStarts: HeadStarts | undefined, engines: EngineAvailability) {
  const begun: string[] = [];
  return {
    onStored(file: ReceivedFile, fields: Record<string, string>) {
      if (!headStarts) return;
      let edit: HeadStartEdit;
      try {
        const request = resolveRequest(fields, engines);
        edit = { templateId: request.template?.id ?? null, customPrompt: request.customText ?? null };
      } catch {
        return;
      }
      headStarts.begin({ id: file.id, originalKey: file.key, imageType: file.type }, edit);
      begun.push(file.id);
    },
    giveUp() {
      headStarts?.drop(begun);
    },
  };
}

/**
 * What an agent reads on a failed photo: a sentence about their photo and what to do. A decoder's or a
 * vendor's own words ("VipsJpeg: premature end of JPEG image", "this[bitn] is not a function") never go
 * here; they go to the log. Every message says the image was not charged, because a failed photo gives it back.
 */
export const GENERIC_FAILURE = 'Enhancement failed. The image was not charged; please try again.';
export const NO_PROVIDER_FAILURE =
  'This edit needs an AI image provider, which is not configured. The image was not charged.';
export const UNREADABLE_FAILURE =
  'This photo could not be read. It may be damaged or incomplete; try exporting it again from your camera or phone, then upload it once more. The image was not charged.';
export const MISSING_UPLOAD_FAILURE = 'The uploaded file is missing. Please upload the photo again.';

/**
 * The failure as shown, for messages stored before engine text was kept out of them: an unreadable photo's
 * message used to carry the decoder's words in parentheses, and anything multi-line or overlong is not ours.
 */
export function failureForDisplay(stored: string | null): string | null {
  if (stored === null) return null;
  if (stored.startsWith('This photo could not be read')) return UNREADABLE_FAILURE;
  if (/[\r\n]/.test(stored) || stored.length > 300) return GENERIC_FAILURE;
  return stored;
}

import { apiErrorText, PHOTO_UPLOAD_SIZE, type PhotoUpload } from '@walton/contract';
import { ApiRequestError, answerGuard, apiRequest } from '@/lib/api-client.ts';

/** The quality of the JPEG a photo is shrunk to: a 1600 px photo comes to a few hundred KB. */
const JPEG_QUALITY = 0.82;

const isPhotoUpload = (value: unknown): value is PhotoUpload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PhotoUpload).url === 'string' &&
  typeof (value as PhotoUpload).thumbnailUrl === 'string';

const notImage = () => new ApiRequestError(0, apiErrorText('PHOTO_NOT_IMAGE'), undefined, 'PHOTO_NOT_IMAGE');

/**
 * The photo shrunk so that its longer side is at most PHOTO_UPLOAD_SIZE pixels (turned upright as
 * its EXIF says), as a JPEG: what goes up on a slow connection is a few hundred KB, not a phone's
 * 5 MB. JPEG rather than WebP because the server reads JPEG and PNG (ADR 68). Refused as
 * PHOTO_NOT_IMAGE when the browser cannot open the file as a picture.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw notImage();
  }
  const scale = Math.min(1, PHOTO_UPLOAD_SIZE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw notImage();
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw notImage();
  return blob;
}

/** POST /api/photos with the photo as the body: where the stored photo and its thumbnail are served. */
export async function uploadPhoto(photo: Blob): Promise<PhotoUpload> {
  const { data } = await apiRequest('/photos', answerGuard(isPhotoUpload), {
    method: 'POST',
    body: photo,
    headers: { 'content-type': photo.type || 'image/jpeg' },
  });
  return data;
}

import { uploadImage } from '../../../lib/upload-image.ts';

/**
 * POST /public/auth/upload/places (multipart, field `image`; signed-in user): stores a PNG/JPG/GIF of
 * at most 5 MB for a place's logo or main image and resolves to its URL. Throws ApiError 413, 415, 401.
 */
export const uploadPlaceImage = (file: File): Promise<string> => uploadImage('/public/auth/upload/places', file, 'public');

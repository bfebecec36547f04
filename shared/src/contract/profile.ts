import { profileSchema, updateProfileSchema } from '../domain/profile.js';
import { endpoint } from './endpoint.js';

const tag = 'profile';

export const profileContract = {
  get: endpoint({
    method: 'GET',
    path: '/api/profile',
    summary: 'The user’s profile: display name, email, picture and page settings',
    tag,
    access: 'user',
    answers: { 200: profileSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/profile',
    summary: 'Changes the display name, tab colour or layout (each optional; an empty colour is the page default)',
    tag,
    access: 'user',
    body: updateProfileSchema,
    answers: { 200: profileSchema },
  }),
  photo: endpoint({
    method: 'POST',
    path: '/api/profile/photo',
    summary: 'Sets the profile picture: a PNG (by its bytes) of at most 2 MB in the multipart field `file`',
    tag,
    access: 'user',
    bodyKind: 'multipart',
    answers: { 200: profileSchema },
    errors: { 413: ['too_large'], 415: ['unsupported_media_type', 'png_only'] },
  }),
};

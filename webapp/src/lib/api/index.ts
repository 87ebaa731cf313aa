/**
 * What features import to talk to the API: the client and its helpers, the generated types, and
 * the error every failed call rejects with.
 */
export { api, data, done, multipart, page, type ApiPaths, type Page, type Schema, type Schemas } from './client';
export { HttpError, type FieldErrors } from '../http';

/** Users (modules/auth, admins only): `/api/users` with approval. */
import type { Schema } from '@/lib/api';

/** Path of the users resource. */
export const USERS_PATH = '/api/users';

/** A user row of the list. */
export type ManagedUser = Schema<'UserRecord'>;

/** What create and update send; the password is optional on update. */
export type UserInput = Schema<'UserBody'>;

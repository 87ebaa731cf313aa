/** Users (modules/auth, admins only): `/api/users` with approval. */
import type { ApprovalStatus } from '@/components/list/approval';
import type { Role, User } from '@/lib/auth/types';

/** Path of the users resource. */
export const USERS_PATH = '/api/users';

/** A user row of the list. */
export interface ManagedUser extends User {
  approval_status: ApprovalStatus;
  approval_reason: string;
}

/** What create and update send; the password is optional on update. */
export interface UserInput {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_id: number;
  role: Role;
  active: boolean;
  ip_address: string;
  enable_google2fa: boolean;
  password?: string;
  password_confirmation?: string;
}

import type { UserRecord } from '../modules/users/user-record';

/** The signed-in user of an `authenticated` route (the auth hook has refused anyone else). */
export function signedInUser(request: { user: UserRecord | null }): UserRecord {
  if (!request.user) throw new Error('an authenticated route ran without a user');
  return request.user;
}

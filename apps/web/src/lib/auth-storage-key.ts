/**
 * Local-storage key of the signed-in user (section 3). Its own module so the early-request script
 * (`src/boot/first-requests.ts`) reads the stored tokens without bundling the auth storage.
 */
export const USER_INFO_KEY = 'userInfo';

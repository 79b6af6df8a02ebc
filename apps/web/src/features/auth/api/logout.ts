import { api } from '../../../lib/api';

export async function logout(refreshToken: string): Promise<void> {
  await api.post('/api/user/logout', { refresh_token: refreshToken }, { silent: true });
}

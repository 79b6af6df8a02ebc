/** Paths of the admin API (administrators only); bodies and responses are in admin.ts. */
export const ADMIN_API_PATHS = {
  listApps: '/api/admin/apps',
  upsertApp: '/api/admin/apps/upsert',
  deleteApp: '/api/admin/apps/delete',
  listRules: '/api/admin/rules',
  setRule: '/api/admin/rules/set',
  deleteRule: '/api/admin/rules/delete',
  listUsers: '/api/admin/users',
} as const;

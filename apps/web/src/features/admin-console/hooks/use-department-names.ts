import { useMemo } from 'react';
import { useDepartments } from '../api/get-departments';

/**
 * Each synced department's full path (研发部 / 前端组) by key: the path tells apart departments
 * with the same name wherever a department is picked or shown.
 */
export function useDepartmentNames() {
  const departments = useDepartments();
  const names = useMemo(() => {
    const list = departments.data?.list ?? [];
    const byKey = new Map(list.map((d) => [d.key, d]));
    const path = (key: string): string => {
      const parts: string[] = [];
      for (let cur = byKey.get(key); cur && parts.length < 20; cur = byKey.get(cur.parent_key)) parts.unshift(cur.name);
      return parts.join(' / ');
    };
    return new Map(list.map((d) => [d.key, path(d.key)]));
  }, [departments.data]);
  return { names, isLoading: departments.isLoading };
}

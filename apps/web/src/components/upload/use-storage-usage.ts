import type { StorageUsageResponse } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchStorageUsage } from '../../lib/upload';

/**
 * The user's stored bytes against the storage quota, read when the upload zone appears and again
 * whenever `refresh` is called (after uploads). Null until known; a failed read shows nothing
 * rather than an error, since the upload itself still answers with the quota's refusal.
 */
export function useStorageUsage(): [StorageUsageResponse | null, () => void] {
  const [usage, setUsage] = useState<StorageUsageResponse | null>(null);
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    void (async () => {
      try {
        const read = await fetchStorageUsage(own.signal);
        if (!own.signal.aborted) setUsage(read);
      } catch {
        // Left as it was: usage is a hint next to the zone, not something to warn about.
      }
    })();
  }, []);

  useEffect(() => {
    refresh();
    return () => controller.current?.abort();
  }, [refresh]);

  return [usage, refresh];
}

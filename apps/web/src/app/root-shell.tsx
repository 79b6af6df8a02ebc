import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { toastStore, warningStore } from '../lib/ui-bridge';

const ToastHost = lazy(() => import('./toast-host'));
const WarningDialog = lazy(() => import('./warning-dialog'));

/** The outermost route: hosts the toasts and the warning dialog that code outside React asks for. */
export function RootShell() {
  const toastsRequested = useSyncExternalStore(toastStore.subscribe, toastStore.requested);
  const warnings = useSyncExternalStore(warningStore.subscribe, warningStore.get);
  const current = warnings[0];
  return (
    <>
      {toastsRequested ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
      {current ? (
        <Suspense fallback={null}>
          <WarningDialog key={current.id} warning={current} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

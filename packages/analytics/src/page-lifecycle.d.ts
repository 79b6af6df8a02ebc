declare module 'page-lifecycle' {
  export type PageLifecycleState = 'active' | 'passive' | 'hidden' | 'frozen' | 'terminated';

  export interface PageLifecycleStateChangeEvent extends Event {
    readonly oldState: PageLifecycleState;
    readonly newState: PageLifecycleState;
    readonly originalEvent: Event;
  }

  export interface PageLifecycle {
    readonly state: PageLifecycleState;
    readonly pageWasDiscarded: boolean;
    addEventListener(type: 'statechange', listener: (event: PageLifecycleStateChangeEvent) => void): void;
    removeEventListener(type: 'statechange', listener: (event: PageLifecycleStateChangeEvent) => void): void;
    addUnsavedChanges(id: object | symbol): void;
    removeUnsavedChanges(id: object | symbol): void;
  }

  const lifecycle: PageLifecycle;
  export default lifecycle;
}

// The package ships no typings and cannot be augmented; the reference carries ours to every consumer's program.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./page-lifecycle.d.ts" />
import pageLifecycle from 'page-lifecycle';

export type LifecycleState = 'active' | 'passive' | 'hidden' | 'frozen' | 'terminated';

export interface LifecycleChange {
  oldState: LifecycleState;
  newState: LifecycleState;
}

/** The part of page-lifecycle the SDK relies on; tests pass their own to drive transitions. */
export interface LifecycleSource {
  readonly state: LifecycleState;
  addEventListener(type: 'statechange', listener: (change: LifecycleChange) => void): void;
  removeEventListener(type: 'statechange', listener: (change: LifecycleChange) => void): void;
}

export const defaultLifecycleSource = (): LifecycleSource => pageLifecycle;

export const isVisibleState = (state: LifecycleState) => state === 'active' || state === 'passive';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sendRequest } from '../shared/api/request';
import { authStatusUrl } from '../features/auth/early-status';
import type { FullAppStart } from '../full-main';
import { PublicApp } from './public-app';

/**
 * Draws the light public app into `container` (main.tsx decides when). The session check starts
 * before React, with the answer index.html preloaded. `startFull` takes the page over: this
 * app's root is unmounted first, once.
 */
export function startPublicApp(
  container: HTMLElement,
  startFull: (start: FullAppStart) => unknown,
): void {
  const root = createRoot(container);
  const statusCheck = sendRequest(authStatusUrl());
  let handedOff = false;
  const onHandOff = (start: FullAppStart) => {
    if (handedOff) return;
    handedOff = true;
    // Not inside React's commit: the root unmounts after the effect that asked for it.
    setTimeout(() => {
      root.unmount();
      startFull(start);
    });
  };
  root.render(
    <StrictMode>
      <PublicApp statusCheck={statusCheck} onHandOff={onHandOff} />
    </StrictMode>,
  );
}

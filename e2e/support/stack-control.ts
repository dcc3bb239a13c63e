import { expect } from '@playwright/test';
import { E2E_CONTROL_PORT } from './stack.ts';

const control = async (action: 'stop' | 'start') => {
  const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/server/${action}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
};

/** Stops the server (SIGTERM, as an operator restarting it does); resolves once its process has exited. */
export const stopServer = () => control('stop');

/** Starts it again on the same data; resolves once it answers GET /api/health. */
export const startServer = () => control('start');

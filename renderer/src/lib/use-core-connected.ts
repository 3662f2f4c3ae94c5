import { useEffect, useState } from 'react';
import { onCoreConnection } from './device-check';

/** Whether the window reaches the app's core now; follows the loss and the return. */
export function useCoreConnected(): boolean {
  const [connected, setConnected] = useState(true);
  useEffect(() => onCoreConnection(setConnected), []);
  return connected;
}

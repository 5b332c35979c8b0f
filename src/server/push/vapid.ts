import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: from the environment, else from DATA_DIR/vapid.json, else a new pair
 * written there (readable by the owner only) so that subscriptions outlive restarts.
 */
export function loadVapidKeys(config: Config): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = config.vapidFile;
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  // `wx`: two instances starting at once on one data folder keep the first pair.
  try {
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadVapidKeys(config);
  }
  return keys;
}

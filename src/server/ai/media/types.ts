import type { MediaProvider } from '../registry.ts';
import type { MediaKind } from './media-models.ts';

/** What a port runs on, for the start log and the UI ("offline speech (espeak-ng)"). */
export interface PortDescription {
  kind: MediaKind;
  provider: MediaProvider | 'offline' | null;
  /** Null when nothing serves this kind (transcription and embeddings can be off). */
  model: string | null;
  offline: boolean;
  /** The setting that chooses this port's model, or would turn it on. */
  variable: string;
  label: string;
}

/** Who a call is for, so the Meter can bill it (absent: work nobody asked for directly). */
export interface CallContext {
  userId?: number | null;
  signal?: AbortSignal;
}

export function describePort(
  kind: MediaKind,
  variable: string,
  choice: { provider: MediaProvider | 'offline'; model: string } | null,
): PortDescription {
  if (!choice)
    return {
      kind,
      provider: null,
      model: null,
      offline: false,
      variable,
      label: `${kind}: off (set ${variable})`,
    };
  const offline = choice.provider === 'offline';
  return {
    kind,
    provider: choice.provider,
    model: choice.model,
    offline,
    variable,
    label: offline
      ? `offline ${kind} (${choice.model})`
      : `${kind}: ${choice.provider}:${choice.model}`,
  };
}

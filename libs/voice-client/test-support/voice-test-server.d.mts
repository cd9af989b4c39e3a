export const STRICT_CSP: string;
export function toneChunks(options?: {
  rate?: number;
  ms?: number;
  chunkMs?: number;
  hz?: number;
  amp?: number;
}): string[];
export interface TestConnection {
  url: string;
  protocol: string;
  offered: string | undefined;
  received: Array<Record<string, unknown>>;
  closed: { code: number; reason: string } | null;
}
export interface VoiceTestServer {
  port: number;
  origin: string;
  httpOrigin: string;
  connections: TestConnection[];
  close(): Promise<void>;
}
export function startVoiceTestServer(options?: {
  staticDir?: string;
  csp?: string | null;
}): Promise<VoiceTestServer>;

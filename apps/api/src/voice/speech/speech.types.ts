// The speech engines behind one small interface (decisions.md "Speech on the server"): the
// local programs (flite / espeak-ng, pocketsphinx) today, a hosted engine by configuration later.
// Audio inside the server is always mono signed 16-bit PCM; the runtime converts to and from the
// protocol's formats (pcm_8000…48000, ulaw_8000) at the socket.

export interface SynthesisRequest {
  text: string;
  /** BCP-47-ish language of the agent, e.g. 'en'; an engine lacking it falls back. */
  language: string;
  /** Engine-specific voice name (e.g. flite 'slt'); null for the engine's default. */
  voice: string | null;
}

export interface SynthesizedAudio {
  samples: Int16Array;
  sampleRate: number;
}

export interface SpeechSynthesizer {
  /** e.g. 'flite' or 'espeak-ng'. */
  readonly engine: string;
  synthesize(request: SynthesisRequest, signal?: AbortSignal): Promise<SynthesizedAudio>;
}

export interface RecognitionResult {
  /** Lower-case words; '' when nothing was recognised. */
  text: string;
  /** 0..1; the runtime treats a result under its threshold as "say it again". */
  confidence: number;
  /** The utterance's estimated signal-to-noise ratio (dB), when the recognizer measured it. */
  snrDb?: number;
}

export interface SpeechRecognizer {
  readonly engine: string;
  /** Recognise one finished utterance (mono PCM, 16 kHz). */
  recognize(samples: Int16Array, signal?: AbortSignal): Promise<RecognitionResult>;
}

/** What the server has: an engine is null when its program is missing; `missing` says why. */
export interface SpeechEngines {
  synthesizer: SpeechSynthesizer | null;
  recognizer: SpeechRecognizer | null;
  /** Human-readable lines for the log, GET /api/voice/status and the room. */
  missing: string[];
  /** Rebuild the recognition language model from the content library's text (debounced). */
  scheduleLanguageModelRebuild(): void;
  close(): Promise<void>;
}

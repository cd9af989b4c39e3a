import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db';
import type { VoiceConfig } from '../../plugins/config';
import type { AppMetrics } from '../../plugins/metrics';
import type { Advisor } from '../advisor/advisor.types';
import type { SpeechEngines } from '../speech/speech.types';
import type { VoiceIdentity } from './auth';
import type { ClientFrameHandlers } from './client-frames';
import { Delivery } from './delivery';
import { Dialogue } from './dialogue';
import type { SessionSettings } from './overrides';
import { ConversationStore } from './persistence';
import { Recognition } from './recognition';
import { KeepAlive, startSessionTimers, type TimerHost, Timers } from './timers';
import { Turns } from './turns';
import type { RoomForVoice } from './voice-access.repository';

// The parts of a VoiceSession and how they talk to each other; the session owns the socket and
// its state, the parts reach it only through SessionCore.

/** Counts open sessions per user and per server (the concurrency limits). */
export interface SessionRegistry {
  /** Reserves a slot; a string is the refusal (code, reason). */
  reserve(userId: number): { code: number; reason: string } | null;
  release(userId: number): void;
}

export interface SessionDeps {
  db: Db;
  log: FastifyBaseLogger;
  advisor: Advisor;
  speech: SpeechEngines;
  limits: VoiceConfig;
  registry: SessionRegistry;
  trustedOrigins: readonly string[];
  trustProxy: boolean;
  /** Prometheus figures: opened, open now, closed by code (plugins/metrics.ts). */
  metrics: AppMetrics['voice'];
}

/** What the parts see of their session. */
export interface SessionCore {
  /** Aborted when the session ends. */
  lifetime: AbortSignal;
  isOpen(): boolean;
  send(frame: Record<string, unknown>): void;
  close(code: number, reason: string, errorEvent?: boolean): void;
  settings(): SessionSettings;
  identity(): VoiceIdentity | null;
  room(): RoomForVoice | null;
}

export interface SessionParts {
  store: ConversationStore;
  turns: Turns;
  delivery: Delivery;
  recognition: Recognition;
  /** The client's frames once the conversation is open. */
  handlers: ClientFrameHandlers;
  /** Pings, the idle timeout and the maximum duration, from the moment the conversation opens. */
  startTimers(): void;
  /** Stops every timer. */
  stopTimers(): void;
}

export function composeSession(core: SessionCore, deps: SessionDeps): SessionParts {
  const { log, speech, limits } = deps;
  const { isOpen, send, settings } = core;
  let lastUserInputAt = Date.now();
  const userInput = () => void (lastUserInputAt = Date.now());

  const store = new ConversationStore(deps.db, log);
  const turns = new Turns({
    isOpen,
    send,
    lifetime: core.lifetime,
    fail: (err) => {
      log.error({ err }, 'voice turn failed');
      core.close(1011, 'Internal error');
    },
  });
  const delivery = new Delivery({
    turns,
    log,
    speech,
    isOpen,
    send,
    settings,
    responded: (eventId, text, citations) => dialogue.onResponded(eventId, text, citations),
  });
  const dialogue: Dialogue = new Dialogue({
    advisor: deps.advisor,
    log,
    turns,
    delivery,
    store,
    send,
    settings,
    identity: core.identity,
    room: core.room,
  });
  const recognition = new Recognition({
    speech,
    audioRateMargin: limits.audioRateMargin,
    lifetime: core.lifetime,
    isOpen,
    speechStarted: () => {
      userInput();
      turns.interruptIfSpeaking();
    },
    heard: (result) => {
      userInput();
      dialogue.onRecognized(result);
    },
    warn: (err, message) => log.warn({ err }, message),
  });

  const timers = new Timers();
  const timerHost: TimerHost = {
    isOpen,
    send,
    close: core.close,
    nextId: () => turns.nextId(),
    busy: () => turns.busy,
    lastActivity: () => Math.max(lastUserInputAt, turns.playbackEnd),
  };
  const keepAlive = new KeepAlive(timerHost, limits.maxMissedPings);

  const handlers: ClientFrameHandlers = {
    userInput,
    audio: (base64) => {
      if (!settings().textOnly) recognition.push(base64);
    },
    userMessage: (text) => dialogue.onUserText(text, 'text', null),
    userActivity: () => delivery.userTyping(),
    contextualUpdate: (text, contextId) => dialogue.addContext(text, contextId),
    feedback: (eventId, score) => store.feedback(eventId, score),
    toolResult: (callId, result, isError) => dialogue.onToolResult(callId, result, isError),
    pong: (eventId) => keepAlive.pong(eventId),
  };

  return {
    store,
    turns,
    delivery,
    recognition,
    handlers,
    startTimers: () => {
      lastUserInputAt = Date.now();
      startSessionTimers(timers, limits, timerHost, keepAlive);
    },
    stopTimers: () => timers.clear(),
  };
}

import type { Citation } from '@fieldcraft/contracts';
import type { Viewer } from '../../content/content.repository';

// The Field Advisor's brain: retrieval over what the user may see, a cited answer (composed
// from the passages, or written by an OpenAI-compatible model when LLM_BASE_URL is set), the
// knowledge-gap log, and the safety rule. The runtime (the websocket) turns the text into
// frames and speech.

export interface AdvisorAgent {
  /** agents.id */
  id: number;
  /** agents.agent_id */
  agentId: string;
  name: string;
  systemPrompt: string;
  language: string;
}

export interface AdvisorTurn {
  role: 'user' | 'agent';
  text: string;
}

export interface AdvisorRequest {
  viewer: Viewer;
  agent: AdvisorAgent;
  question: string;
  /** Earlier turns of this conversation, oldest first. */
  history: AdvisorTurn[];
  /** Live contextual_update texts (latest per context_id). */
  context: string[];
  /** The user's first name, for a friendlier answer. */
  userFirstName: string | null;
  roomId: number | null;
  conversationId: string | null;
  signal?: AbortSignal;
}

export interface AdvisorAnswer {
  /** The passages the answer rests on, best first (empty when nothing relevant was found). */
  citations: Citation[];
  /** False when nothing relevant was found (the question was logged as a knowledge gap). */
  answered: boolean;
  /** The answer's text in pieces as it is produced (whole sentences without a model). */
  text: AsyncIterable<string>;
}

export interface Advisor {
  answer(request: AdvisorRequest): Promise<AdvisorAnswer>;
}

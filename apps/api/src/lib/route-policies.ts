// Who may call each API route, declared in one place. The route-policy test enumerates every
// route of the built app (from its OpenAPI document) and checks each one against this table for
// every identity, with and without spoofed headers: a route missing here fails the build.
//
// - public:        anyone, signed in or not.
// - signed-in:     any signed-in user (OWNER, ADMIN, USER); anonymous → 401.
// - self-or-owner: signed in; a non-OWNER may only touch their own record (another id → 403).
// - owner:         OWNER only; anonymous → 401, ADMIN and USER → 403.
// - owner-or-admin: OWNER and ADMIN; anonymous → 401, USER → 403. The route itself scopes an
//                  ADMIN to their own company (docs/people-and-companies.md).
// - metrics:       no session involved: the METRICS_TOKEN bearer, or (no token set) a client
//                  on this machine (socket address); anyone else → 403, whatever their role.

export type RoutePolicy =
  'public' | 'signed-in' | 'self-or-owner' | 'owner' | 'owner-or-admin' | 'metrics';

/** Keys are `METHOD /path` as the OpenAPI document names them (`{param}` placeholders). */
export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /metrics': 'metrics',
  'POST /api/auth/login': 'public',
  'GET /api/auth/status': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/force-clear': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/auth/account': 'signed-in',
  'POST /api/auth/sign-out-others': 'signed-in',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/people/password-reset-requests': 'owner-or-admin',

  'GET /api/users': 'owner',
  'POST /api/users/': 'owner',
  'PATCH /api/users/{id}': 'self-or-owner',

  'GET /api/user/rooms/': 'signed-in',
  'GET /api/user/rooms/{roomId}': 'signed-in',
  'GET /api/user/dashboard': 'signed-in',
  'GET /api/user/login-stats': 'signed-in',

  'GET /api/owner/rooms': 'owner',
  'POST /api/owner/rooms': 'owner',
  'PATCH /api/owner/rooms/{id}': 'owner',
  'POST /api/owner/rooms/{roomId}/users': 'owner',
  'DELETE /api/owner/rooms/{roomId}/users/{userId}': 'owner',
  'GET /api/owner/users': 'owner',
  'POST /api/test-rooms/': 'owner',
  'PATCH /api/test-rooms/{roomId}/status': 'owner',
  'DELETE /api/test-rooms/{roomId}': 'owner',
  'GET /api/agents/': 'owner',

  'GET /api/owner/agents': 'owner',
  'POST /api/owner/agents': 'owner',
  'PATCH /api/owner/agents/{id}': 'owner',
  'DELETE /api/owner/agents/{id}': 'owner',
  'POST /api/owner/agents/{id}/redeploy': 'owner',
  'GET /api/owner/knowledge-gaps': 'owner',

  'GET /api/voice/status': 'signed-in',
  'GET /api/voice/rooms/{roomId}/signed-url': 'signed-in',
  'GET /api/voice/rooms/{roomId}/conversations': 'signed-in',
  'GET /api/voice/conversations/{id}': 'signed-in',
  'GET /api/voice/conversations': 'owner',
  'GET /api/voice/agents/': 'signed-in',
  'GET /api/voice/agents/{agent_id}/usage': 'signed-in',

  'GET /api/dashboard/content': 'signed-in',
  'GET /api/dashboard/content/manage': 'owner',
  'POST /api/content/create-metadata': 'owner',
  'PATCH /api/dashboard/content/{id}': 'owner',
  'DELETE /api/dashboard/content/{id}': 'owner',
  'POST /api/dashboard/content/bulk': 'owner',
  'POST /api/content/upload': 'owner',
  'POST /api/content/{id}/access': 'signed-in',
  'GET /api/content/access': 'owner',
  'GET /api/content/permissions': 'owner',
  'POST /api/content/permissions': 'owner',
  'GET /api/content/search': 'signed-in',
  'GET /api/content/positions': 'signed-in',
  'PUT /api/content/{id}/position': 'signed-in',
  'GET /api/content/{id}/reader': 'signed-in',
  'GET /api/files/{key}': 'signed-in',
  // Bulk upload: one file and its content item per request.
  'POST /api/bulk-upload/files': 'owner',

  // People and companies.
  'GET /api/people/users': 'owner-or-admin',
  'POST /api/people/users': 'owner-or-admin',
  'GET /api/people/users/{id}': 'owner-or-admin',
  'PATCH /api/people/users/{id}': 'owner-or-admin',
  'POST /api/people/users/{id}/reset-password': 'owner-or-admin',
  'POST /api/people/users/{id}/deactivate': 'owner-or-admin',
  'POST /api/people/users/{id}/reactivate': 'owner-or-admin',
  'GET /api/people/users/{id}/access': 'owner-or-admin',
  'POST /api/people/users/{id}/impersonate': 'owner-or-admin',
  'GET /api/people/rooms': 'owner-or-admin',
  'POST /api/people/rooms/{roomId}/members': 'owner-or-admin',
  'DELETE /api/people/rooms/{roomId}/members/{userId}': 'owner-or-admin',
  'GET /api/companies/': 'owner-or-admin',
  'POST /api/companies/': 'owner',
  'GET /api/companies/{id}': 'owner-or-admin',
  'PATCH /api/companies/{id}': 'owner',
  'DELETE /api/companies/{id}': 'owner',
  'POST /api/companies/{id}/users': 'owner',
  'DELETE /api/companies/{id}/users/{userId}': 'owner',
  'POST /api/companies/{id}/rooms': 'owner',
  'DELETE /api/companies/{id}/rooms/{roomId}': 'owner',
  'GET /api/impersonation/': 'signed-in',
  'DELETE /api/impersonation/': 'signed-in',

  // The assistant chat: an ADMIN asks over what they may see themselves.
  'POST /api/assistant/messages': 'owner-or-admin',

  // The owner's home and the admin landing page: ADMIN scoped to their company.
  'GET /api/admin/summary': 'owner-or-admin',
  // Analytics.
  'GET /api/owner/analytics/usage': 'owner',
  'GET /api/owner/analytics/engagement': 'owner',
  'GET /api/owner/analytics/knowledge-gaps': 'owner',
  'POST /api/owner/analytics/knowledge-gaps/resolution': 'owner',
};

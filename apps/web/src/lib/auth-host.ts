import { API_PREFIX } from './constants';
import { isRequestError, requestRaw, type Query } from './request';

/**
 * The wrapper to the auth host of spec §7. The auth host is this API itself (docs/help-and-sso.md):
 * GET sends version=1.2, POST is form-encoded unless JSON is asked for, DELETE likewise; a 201
 * (or 302) answer's Location header is what the caller keeps.
 */
export const AUTH_HOST_VERSION = '1.2';

export interface AuthHostAnswer {
  url: string;
  status: number;
  location: string;
  body: unknown;
}

/** A location from the server is a full /api path; requests take it without the prefix. */
const apiPath = (location: string): string => {
  const path = location.replace(/^https?:\/\/[^/]+/, '');
  return path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
};

const answer = (status: number, headers: Headers, body: unknown): AuthHostAnswer => {
  const data = (body as { data?: Partial<AuthHostAnswer> } | null)?.data;
  const location = headers.get('location') ?? data?.location ?? '';
  return { url: data?.url ?? location, status, location, body };
};

export const authHost = {
  async get(path: string, query: Query = {}): Promise<AuthHostAnswer> {
    const r = await requestRaw(apiPath(path), {
      method: 'GET',
      query: { ...query, version: AUTH_HOST_VERSION },
    });
    return answer(r.status, r.headers, r.body);
  },
  async post(path: string, body: Record<string, unknown> = {}, json = false) {
    const r = await requestRaw(apiPath(path), {
      method: 'POST',
      body,
      bodyType: json ? 'json' : 'form',
      timeout: 10_000,
    });
    return answer(r.status, r.headers, r.body);
  },
  async delete(path: string, body?: Record<string, unknown>, json = false) {
    const r = await requestRaw(apiPath(path), {
      method: 'DELETE',
      ...(body && { body, bodyType: json ? 'json' : 'form' }),
      timeout: 5_000,
    });
    return answer(r.status, r.headers, r.body);
  },
};

/** The ticket-granting path of spec §7. */
export const CAS_TICKETS_PATH = '/cas/v1/tickets';

/** Asks for a ticket-granting ticket; resolves to its location, or undefined when refused. */
export const requestTicketGrantingTicket = async (): Promise<string | undefined> => {
  try {
    const r = await authHost.post(CAS_TICKETS_PATH);
    return r.status === 201 && r.location ? r.location : undefined;
  } catch (e) {
    if (isRequestError(e)) return undefined;
    throw e;
  }
};

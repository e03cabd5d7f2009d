import { singleLineString } from '../common/text.ts';
import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { notificationsApi } from './notifications.endpoints.ts';

/** The notification socket's address carries the branch and the session (or display) token. */
export const NotificationSocketQuery = z.object({
  branchId: singleLineString().optional(),
  token: singleLineString().optional(),
});

/** WebSocket /notifications/ws (doc 2 section 4.8): its messages are `NotificationEvent`s. */
export const notificationsSchemas = {
  socket: { query: NotificationSocketQuery },
} as const satisfies Record<string, RouteSchemas>;

export const notificationsContract = joinContract(notificationsApi, notificationsSchemas);

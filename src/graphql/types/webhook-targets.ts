import type { Schemas } from '../../core/contract.js';
import { CONTRACT_ENUMS } from '../../core/contract.js';
import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { createWebhookTarget } from '../../core/webhooks/create-webhook-target.js';
import { enableWebhookTarget, resumeWebhookTarget } from '../../core/webhooks/enable-webhook-target.js';
import { getWebhookTarget } from '../../core/webhooks/get-webhook-target.js';
import { listWebhookTargets } from '../../core/webhooks/list-webhook-targets.js';
import { pauseWebhookTarget } from '../../core/webhooks/pause-webhook-target.js';
import { recoverWebhookTarget } from '../../core/webhooks/recover-webhook-target.js';
import type { WebhookTargetDto } from '../../core/webhooks/target-dto.js';
import { testWebhookTarget } from '../../core/webhooks/test-webhook-target.js';
import { updateWebhookTarget } from '../../core/webhooks/update-webhook-target.js';
import { builder } from '../builder.js';
import { nullIfNotFound, pageArgs, pageOf } from '../fields.js';
import { EventType } from './event.js';

// Webhook targets as REST's /api/v2/webhook-targets: the same use cases; analysts read, writers change.

const TargetStatus = builder.enumType('WebhookTargetStatus', {
  description: 'active; paused on purpose (resume it); or disabled after a delivery ran out of retries (enable it again).',
  values: CONTRACT_PROPERTY_ENUMS.WebhookTarget.status,
});
const DeliveryStatus = builder.enumType('DeliveryStatus', {
  description: 'pending (retries scheduled), succeeded (a 2xx), failed (its attempts ran out).',
  values: CONTRACT_ENUMS.DeliveryStatus,
});

const WebhookTarget = builder.objectRef<WebhookTargetDto>('WebhookTarget').implement({
  description: 'A URL receiving signed deliveries of the event types it subscribes to (WebhookTarget in openapi.yaml).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The target (uuid).' }),
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    description: t.exposeString('description', { nullable: true, description: 'Your description, if any.' }),
    status: t.field({ type: TargetStatus, description: 'active, paused or disabled.', resolve: (w) => w.status }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: 'Why deliveries stopped, when disabled.' }),
    disabledAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was disabled.', resolve: (w) => w.disabledAt }),
    eventTypes: t.field({
      type: [EventType],
      nullable: true,
      description: 'The event types delivered to it, in the contract order; null means every type.',
      resolve: (w) => w.eventTypes,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was registered.', resolve: (w) => w.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (w) => w.updatedAt }),
  }),
});

const WebhookDelivery = builder.objectRef<Schemas['WebhookDelivery']>('WebhookDelivery').implement({
  description: 'One event (or test send) to one target; its id is the webhookId (WebhookDelivery in openapi.yaml).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The webhookId sent in the body and X-Service-Webhook-ID.' }),
    eventId: t.exposeID('eventId', { nullable: true, description: 'The event delivered; null for a test send.' }),
    targetId: t.exposeID('targetId', { description: 'The target.' }),
    type: t.field({ type: EventType, description: 'The event type.', resolve: (d) => d.type }),
    test: t.exposeBoolean('test', { description: 'A test send: the body is the contract example, marked "test": true.' }),
    status: t.field({ type: DeliveryStatus, description: 'pending, succeeded or failed.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far (a resend goes on counting).' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due; null when finished, or parked while its target is paused or disabled.',
      resolve: (d) => d.nextAttemptAt,
    }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true, description: 'The last HTTP status answered.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed.' }),
    lastResponseExcerpt: t.exposeString('lastResponseExcerpt', {
      nullable: true,
      description: "The first 500 characters of the endpoint's last answer.",
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (d) => d.createdAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it finished.', resolve: (d) => d.completedAt }),
  }),
});

const RecoverResult = builder.objectRef<Schemas['RecoverWebhookTargetResult']>('RecoverWebhookTargetResult').implement({
  description: 'What recoverWebhookTarget queued again.',
  fields: (t) => ({
    queued: t.exposeInt('queued', { description: 'Deliveries queued again by this call (at most 10,000).' }),
    more: t.exposeBoolean('more', { description: 'More failed deliveries since the time remain: call again.' }),
  }),
});

const WebhookTargetPage = pageOf('WebhookTargetPage', WebhookTarget);

const WebhookTargetInput = builder.inputType('WebhookTargetInput', {
  description: 'A target (the body of POST, or of PATCH with only the fields to change, of /api/v2/webhook-targets).',
  fields: (t) => ({
    url: t.string({ description: 'The receiving URL (https, a public address).' }),
    description: t.string({ description: 'Your description; null clears it (update).' }),
    eventTypes: t.field({ type: [EventType], description: 'The event types to deliver; left out or null: every type.' }),
  }),
});

/** The fields given, as REST's JSON body: left out stays out, null stays null. */
const bodyOf = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

builder.queryFields((t) => ({
  webhookTargets: t.field({
    type: WebhookTargetPage,
    description: "Your workspace's webhook targets, oldest first (as GET /api/v2/webhook-targets).",
    args: pageArgs(t.arg),
    resolve: async (_root, args, ctx) => listWebhookTargets(await ctx.core(), bodyOf(args)),
  }),
  webhookTarget: t.field({
    type: WebhookTarget,
    nullable: true,
    description: 'One webhook target; null when there is none with this id.',
    args: { targetId: t.arg.id({ required: true, description: 'The target (uuid).' }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getWebhookTarget(await ctx.core(), { targetId: String(args.targetId) })),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookTarget: t.field({
    type: WebhookTarget,
    description: 'Registers a target (as POST /api/v2/webhook-targets). Admins and API keys.',
    args: { input: t.arg({ type: WebhookTargetInput, required: true, description: 'The new target.' }) },
    resolve: async (_root, args, ctx) => createWebhookTarget(await ctx.core(), bodyOf(args.input)),
  }),
  updateWebhookTarget: t.field({
    type: WebhookTarget,
    description: 'Changes its URL, description or event types (as PATCH /api/v2/webhook-targets/{targetId}).',
    args: {
      targetId: t.arg.id({ required: true, description: 'The target (uuid).' }),
      input: t.arg({ type: WebhookTargetInput, required: true, description: 'Only the fields to change.' }),
    },
    resolve: async (_root, args, ctx) =>
      updateWebhookTarget(await ctx.core(), { targetId: String(args.targetId), body: bodyOf(args.input) }),
  }),
  enableWebhookTarget: t.field({
    type: WebhookTarget,
    description: 'Makes a disabled target active again (as POST /api/v2/webhook-targets/{targetId}/enable).',
    args: { targetId: t.arg.id({ required: true, description: 'The target (uuid).' }) },
    resolve: async (_root, args, ctx) => enableWebhookTarget(await ctx.core(), { targetId: String(args.targetId) }),
  }),
  pauseWebhookTarget: t.field({
    type: WebhookTarget,
    description: 'Pauses a target on purpose, keeping its deliveries parked (as POST /api/v2/webhook-targets/{targetId}/pause).',
    args: { targetId: t.arg.id({ required: true, description: 'The target (uuid).' }) },
    resolve: async (_root, args, ctx) => pauseWebhookTarget(await ctx.core(), { targetId: String(args.targetId) }),
  }),
  resumeWebhookTarget: t.field({
    type: WebhookTarget,
    description: 'Makes a paused target active again (as POST /api/v2/webhook-targets/{targetId}/resume).',
    args: { targetId: t.arg.id({ required: true, description: 'The target (uuid).' }) },
    resolve: async (_root, args, ctx) => resumeWebhookTarget(await ctx.core(), { targetId: String(args.targetId) }),
  }),
  testWebhookTarget: t.field({
    type: WebhookDelivery,
    description: "Sends the contract's example of an event type, marked as a test (as POST /api/v2/webhook-targets/{targetId}/test).",
    args: {
      targetId: t.arg.id({ required: true, description: 'The target (uuid).' }),
      eventType: t.arg({ type: EventType, required: true, description: 'The event type whose example is sent.' }),
      waitSeconds: t.arg.int({ description: "Waits up to this long (0-20) for the endpoint's answer before answering." }),
    },
    resolve: async (_root, args, ctx) =>
      testWebhookTarget(await ctx.core(), {
        targetId: String(args.targetId),
        body: bodyOf({ eventType: args.eventType, waitSeconds: args.waitSeconds }),
      }),
  }),
  recoverWebhookTarget: t.field({
    type: RecoverResult,
    description:
      'Resends the failed deliveries since a time, each with its webhookId (as POST /api/v2/webhook-targets/{targetId}/recover).',
    args: {
      targetId: t.arg.id({ required: true, description: 'The target (uuid).' }),
      since: t.arg.string({ required: true, description: 'RFC 3339: failed deliveries created at or after it are resent.' }),
    },
    resolve: async (_root, args, ctx) =>
      recoverWebhookTarget(await ctx.core(), { targetId: String(args.targetId), body: { since: args.since } }),
  }),
}));

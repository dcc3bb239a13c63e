import { databaseCleanupPreviewQuerySchema, storageCleanupPreviewQuerySchema } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import {
  criteriaFromForm,
  databasePreviewQuery,
  databaseRequest,
  defaultDatabaseForm,
  defaultStorageForm,
  emptyCriteria,
  storagePreviewQuery,
  storageRequest,
} from './cleanup-form';

describe('criteria built from the form', () => {
  it('leaves out every field left at "any", and sends nothing when all are', () => {
    expect(criteriaFromForm(emptyCriteria(), ['messages', 'activities', 'usageEvents'])).toEqual({});
  });

  it('names each field set, under its collection', () => {
    const form = {
      ...emptyCriteria(),
      direction: 'outbound' as const,
      statuses: ['failed' as const],
      conversationEnded: true,
      campaignOnly: true,
      sourceTypes: ['auth' as const, 'system' as const],
      read: 'unread' as const,
      statusClasses: ['4xx' as const, '5xx' as const],
    };
    expect(criteriaFromForm(form, ['messages', 'activities', 'usageEvents'])).toEqual({
      messages: { direction: 'outbound', statuses: ['failed'], conversationEnded: true, campaignOnly: true },
      activities: { sourceTypes: ['auth', 'system'], read: false },
      usageEvents: { statusClasses: ['4xx', '5xx'] },
    });
    expect(criteriaFromForm({ ...emptyCriteria(), read: 'read' }, ['activities'])).toEqual({ activities: { read: true } });
  });

  it('keeps only the criteria of the collections chosen', () => {
    const form = { ...emptyCriteria(), direction: 'inbound' as const, statusClasses: ['2xx' as const] };
    expect(criteriaFromForm(form, ['usageEvents'])).toEqual({ usageEvents: { statusClasses: ['2xx'] } });
  });
});

describe('a cleanup request from the form', () => {
  it('starts from the spec’s defaults: 30 days, every directory or collection, batches of 1,000, no dry run, no archive', () => {
    expect(storageRequest(defaultStorageForm()).data).toEqual({ days: 30, directories: ['media_storage', 'uploads'], dryRun: false });
    expect(databaseRequest(defaultDatabaseForm()).data).toEqual({
      days: 30,
      dryRun: false,
      collections: ['messages', 'activities', 'usageEvents'],
      criteria: {},
      archiveBeforeDelete: false,
      batchSize: 1000,
    });
  });

  it('refuses an empty number of days rather than reading it as 0, which would take everything', () => {
    expect(storageRequest({ ...defaultStorageForm(), days: ' ' })).toEqual({ data: null, errors: { days: 'days is required' } });
    expect(databaseRequest({ ...defaultDatabaseForm(), batchSize: '' }).errors).toEqual({ batchSize: 'batchSize is required' });
  });

  it('says what is wrong with each field, in the contract’s words', () => {
    expect(storageRequest({ ...defaultStorageForm(), days: '3651', directories: [] }).errors).toEqual({
      days: 'days must be at most 3650',
      directories: 'directories must name at least one of media_storage, uploads',
    });
    expect(databaseRequest({ ...defaultDatabaseForm(), days: '1.5', batchSize: '100001' }).errors).toEqual({
      days: 'days must be a whole number',
      batchSize: 'batchSize must be at most 100000',
    });
    expect(databaseRequest({ ...defaultDatabaseForm(), collections: [] }).errors).toEqual({
      collections: 'collections must name at least one of messages, activities, usageEvents',
    });
  });
});

describe('the preview’s query string', () => {
  it('lists the directories comma-separated, and the server reads it back as the request', () => {
    const request = storageRequest({ ...defaultStorageForm(), days: '7', directories: ['uploads'] }).data!;
    const query = storagePreviewQuery(request);
    expect(query).toEqual({ days: '7', directories: 'uploads' });
    expect(storageCleanupPreviewQuerySchema.parse(query)).toEqual({ days: 7, directories: ['uploads'] });
  });

  it('sends the criteria as JSON text, and leaves them out when there are none', () => {
    const plain = databaseRequest({ ...defaultDatabaseForm(), collections: ['messages'] }).data!;
    expect(databasePreviewQuery(plain)).toEqual({ days: '30', collections: 'messages' });
    const form = {
      ...defaultDatabaseForm(),
      days: '90',
      criteria: { ...emptyCriteria(), direction: 'inbound' as const, read: 'read' as const },
    };
    const request = databaseRequest(form).data!;
    const query = databasePreviewQuery(request);
    expect(query).toEqual({
      days: '90',
      collections: 'messages,activities,usageEvents',
      criteria: '{"messages":{"direction":"inbound"},"activities":{"read":true}}',
    });
    expect(databaseCleanupPreviewQuerySchema.parse(query)).toEqual({
      days: 90,
      collections: request.collections,
      criteria: request.criteria,
    });
  });
});

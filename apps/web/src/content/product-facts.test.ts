import {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_RETENTION_DAYS,
  LARGE_BATCH_WARNING_AT,
  MAX_VARIATIONS,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_BYTES,
  PROJECTS_PER_PAGE,
  projectSessionName,
  STAGING_STYLES,
  TRIAL_HOURS,
  TRIAL_IMAGES,
} from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { listPlans } from '../../../server/src/modules/billing/plans';
import * as facts from './product-facts';

describe('the numbers the public pages state', () => {
  it('are the ones the product enforces', () => {
    expect(facts.TRIAL_IMAGES).toBe(TRIAL_IMAGES);
    expect(facts.TRIAL_HOURS).toBe(TRIAL_HOURS);
    expect(facts.MAX_PHOTOS_PER_BATCH).toBe(MAX_PHOTOS_PER_BATCH);
    expect(facts.LARGE_BATCH_WARNING_AT).toBe(LARGE_BATCH_WARNING_AT);
    expect(facts.MAX_UPLOAD_MB * 1024 * 1024).toBe(MAX_UPLOAD_BYTES);
    expect(facts.RETENTION_DAYS).toBe(DEFAULT_RETENTION_DAYS);
    expect(facts.PROJECTS_PER_PAGE).toBe(PROJECTS_PER_PAGE);
    expect(facts.STAGING_STYLES).toEqual(STAGING_STYLES);
    expect(facts.MAX_VARIATIONS).toBe(MAX_VARIATIONS);
  });

  it('name every accepted format, in the order of the rejection message', () => {
    const named = facts.ACCEPTED_FORMATS.map((format) => (format === 'JPG' ? 'jpeg' : format.toLowerCase()));
    expect(named).toEqual([...ACCEPTED_IMAGE_TYPES]);
    expect(facts.ACCEPTED_FORMATS_TEXT).toBe('JPG, PNG, HEIC, WEBP, GIF, BMP and TIFF');
  });

  it('use a project name the dashboard really gives', () => {
    expect(projectSessionName(new Date(2025, 8, 8, 12, 43))).toBe(facts.EXAMPLE_PROJECT_NAME);
  });

  it('describe the plans as billing sells them', () => {
    const plans = listPlans({ starter: null, pro: null, elite: null }).map((plan) => ({
      name: plan.name,
      monthlyUsd: plan.amount / 100,
      imagesPerMonth: plan.imagesIncluded,
      extraImageUsd: plan.overagePricePerImage === null ? null : plan.overagePricePerImage / 100,
      retentionDays: plan.retentionPeriodDays,
    }));
    expect(plans).toEqual(facts.PLAN_LIMITS);
  });
});

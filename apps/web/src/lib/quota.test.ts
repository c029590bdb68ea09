import { describe, expect, it } from 'vitest';
import { checkQuota, quotaTitleForCode } from './quota';

describe('checkQuota', () => {
  it('lets a selection within what is left through', () => {
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 7 }, 7)).toBeNull();
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 7 }, 1)).toBeNull();
  });

  it('uses the SPEC wording for the trial', () => {
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 7 }, 8)).toEqual({
      title: 'Upload Limit Exceeded',
      description: 'You have 7 image(s) left in your trial. Please upload 7 or upgrade your plan to upload more.',
    });
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 0 }, 1)?.description).toBe(
      'You have 0 image(s) left in your trial. Please upload 0 or upgrade your plan to upload more.',
    );
  });

  it('says Plan Limit Exceeded on a plan', () => {
    expect(checkQuota({ subscriptionType: 'paid', imagesRemaining: 2 }, 3)).toEqual({
      title: 'Plan Limit Exceeded',
      description: 'You have 2 image(s) left in your plan. Please upload 2 or upgrade your plan to upload more.',
    });
  });

  it('compares images, photos × variations, with what is left, and says how they add up', () => {
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 6 }, 3, 2)).toBeNull();
    expect(checkQuota({ subscriptionType: 'trial', imagesRemaining: 5 }, 3, 2)).toEqual({
      title: 'Upload Limit Exceeded',
      description:
        'You have 5 image(s) left in your trial. Please upload 5 or upgrade your plan to upload more. Each variation is one image: 3 photos × 2 variations = 6 images.',
    });
    expect(checkQuota({ subscriptionType: 'paid', imagesRemaining: 1 }, 1, 2)?.description).toBe(
      'You have 1 image(s) left in your plan. Please upload 1 or upgrade your plan to upload more. Each variation is one image: 1 photo × 2 variations = 2 images.',
    );
  });

  it('treats -1 as unlimited', () => {
    expect(checkQuota({ subscriptionType: 'paid', imagesRemaining: -1 }, 30)).toBeNull();
  });
});

describe('quotaTitleForCode', () => {
  it('maps the server refusal codes', () => {
    expect(quotaTitleForCode('UPLOAD_LIMIT_EXCEEDED')).toBe('Upload Limit Exceeded');
    expect(quotaTitleForCode('PLAN_LIMIT_EXCEEDED')).toBe('Plan Limit Exceeded');
    expect(quotaTitleForCode('ACCESS_RESTRICTED')).toBeNull();
    expect(quotaTitleForCode(undefined)).toBeNull();
  });
});

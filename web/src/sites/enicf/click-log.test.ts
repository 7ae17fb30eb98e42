import { describe, expect, it, vi } from 'vitest';
import { CLICK_LOG_PATH, clickBeaconBody, sendClickBeacon } from './click-log';

describe('sendClickBeacon', () => {
  it('posts the referrer as JSON to the relative click log path', () => {
    const sendBeacon = vi.fn(() => true);
    expect(sendClickBeacon({ sendBeacon }, 'https://search.example/q?x=1')).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith(
      CLICK_LOG_PATH,
      '{"referrer":"https://search.example/q?x=1"}',
    );
    expect(CLICK_LOG_PATH.startsWith('/')).toBe(true);
  });

  it('sends an empty referrer as it is', () => {
    expect(JSON.parse(clickBeaconBody(''))).toEqual({ referrer: '' });
  });

  it('never throws: a refusing, throwing or missing sendBeacon is only a lost click', () => {
    expect(sendClickBeacon({ sendBeacon: () => false }, '')).toBe(false);
    const throwing = () => {
      throw new TypeError('blocked');
    };
    expect(sendClickBeacon({ sendBeacon: throwing }, '')).toBe(false);
    expect(sendClickBeacon({} as Pick<Navigator, 'sendBeacon'>, '')).toBe(false);
  });
});

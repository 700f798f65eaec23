import { vi, type Mock } from 'vitest';

/**
 * A stand-in for the browser's side of Web Push, which jsdom lacks: Notification (its permission
 * and the question), PushManager, and a service worker registration whose push manager makes
 * subscriptions. This is the browser, not our code; the tests drive it as a user's browser would
 * answer. `install` puts it on window and navigator, `remove` takes it off again (the web test
 * files share one DOM).
 */

export const PUSH_ENDPOINT = 'https://push.example.test/send/abc123';
export const SUBSCRIPTION_JSON = {
  endpoint: PUSH_ENDPOINT,
  expirationTime: null,
  keys: { p256dh: 'BPd2hKey-from_the-browser', auth: 'authSecret_1' },
};

export interface FakeBrowser {
  /** Notification.permission now. */
  permission: NotificationPermission;
  /** What the user answers when the browser asks. */
  answer: NotificationPermission;
  registered: boolean;
  subscription: { unsubscribe: Mock<() => Promise<boolean>> } | null;
  subscribe: Mock<(options: { applicationServerKey: Uint8Array }) => Promise<unknown>>;
  register: Mock<(url: string, options: { scope: string }) => Promise<unknown>>;
  requestPermission: Mock<() => Promise<NotificationPermission>>;
}

export function installBrowserPush(start: Partial<FakeBrowser> = {}): FakeBrowser {
  const browser = {
    permission: 'default',
    answer: 'granted',
    registered: false,
    subscription: null,
    ...start,
  } as FakeBrowser;
  const subscriptionFor = (key: ArrayBuffer) => ({
    endpoint: PUSH_ENDPOINT,
    options: { userVisibleOnly: true, applicationServerKey: key },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
  });
  browser.subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    const key = options.applicationServerKey;
    browser.subscription = subscriptionFor(key.slice().buffer);
    return browser.subscription;
  });
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: browser.subscribe,
    },
  };
  browser.register = vi.fn(async () => {
    browser.registered = true;
    return registration;
  });
  browser.requestPermission = vi.fn(async () => (browser.permission = browser.answer));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: browser.register,
      ready: Promise.resolve(registration),
      getRegistration: async () => (browser.registered ? registration : undefined),
    },
  });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: Object.assign(function Notification() {}, {
      requestPermission: browser.requestPermission,
    }),
  });
  Object.defineProperty(window.Notification, 'permission', { get: () => browser.permission });
  return browser;
}

export function removeBrowserPush() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
}

/** A VAPID public key as the server sends it (base64url of 65 bytes), and its bytes. */
export const VAPID_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
export const VAPID_KEY = Buffer.from(VAPID_BYTES).toString('base64url');

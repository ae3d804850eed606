/**
 * A desktop notification through the web Notification API (allowed for this app's
 * window by the Electron shell; a browser asks the user once). Never throws: where
 * notifications are off or missing, the jobs area still shows the outcome.
 */
export function askToNotify(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

export function notifyDesktop(title: string, body: string, onclick: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notice = new Notification(title, { body });
    notice.onclick = () => {
      window.focus();
      onclick();
    };
  } catch {
    // Some hosts only allow notifications from a service worker; the jobs area shows it anyway.
  }
}

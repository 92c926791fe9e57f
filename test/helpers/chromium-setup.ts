/**
 * vitest globalSetup: unpacks @sparticuz/chromium's browser once, before the test files run in
 * parallel workers (two workers unpacking to the same /tmp/chromium at once could start a
 * half-written binary). Failure is not fatal here: launchBrowser() then tries the fallbacks.
 */
export default async function setup(): Promise<void> {
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    await packaged.executablePath();
  } catch {
    // launchBrowser() reports what it tried
  }
}

/** The real Chromium of the machine, headless, through playwright-core. */
import { chromium, type Browser } from "playwright-core";

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });

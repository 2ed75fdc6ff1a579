/** The real Chromium of the machine, headless, through playwright-core. */
import { chromium, type Browser, type Page } from "playwright-core";

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });

/** In the page: the JSON body an HTML view page shows, without its status and header lines. */
export function responseInPage(): unknown {
  const copy = document.querySelector("pre.response")!.cloneNode(true) as HTMLElement;
  copy.querySelector(".meta")?.remove();
  return JSON.parse(copy.textContent!) as unknown;
}

export const shownJson = (page: Page): Promise<unknown> => page.evaluate(responseInPage);

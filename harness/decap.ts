/** Decap CMS's editor in a page (a test's or the benchmark's): a field of the form by its name, and publishing, each step bounded so a step that never comes names itself. */
import type { Page } from "playwright-core";

export const field = (page: Page, name: string) => page.locator(`[id^="${name}-field-"]`).first();

export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
  await page.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
  await page.getByText("Changes saved", { exact: true }).waitFor({ timeout: 60_000 });
}

/** Where Decap keeps its logged-in user: a page that finds one there is logged in without the login page. */
export async function logInAs(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem("decap-cms-user", value), JSON.stringify({ backendName: "github", token }));
}

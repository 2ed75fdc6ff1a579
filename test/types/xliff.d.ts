// The `xliff` package ships JavaScript only; the test uses its XLIFF 1.2 reader.
declare module "xliff/xliff12ToJs" {
  const xliff12ToJs: (xml: string) => Promise<{ sourceLanguage: string; resources: Record<string, Record<string, { source: unknown }>> }>;
  export default xliff12ToJs;
}

/**
 * Browser mode: starts the download of an address the host offered (a one-time link;
 * the host answers it as an attachment, so the page stays where it is).
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

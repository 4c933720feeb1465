import { useEffect, useState } from 'react';

// A QR code drawn in the browser by bwip-js (the server's receipts draw the same), loaded only when
// a QR code is shown, so the first page load does not carry it. Drawn from bwip-js's SVG as React
// elements (its viewBox and paths), not as injected markup.

interface Drawing {
  viewBox: string;
  paths: string[];
}

async function drawQr(text: string): Promise<Drawing> {
  const { toSVG } = await import('bwip-js/browser');
  const svg = toSVG({ bcid: 'qrcode', text });
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 0 0';
  const paths = [...svg.matchAll(/<path [^>]*?\bd="([^"]+)"/g)].map((m) => m[1] as string);
  return { viewBox, paths };
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  useEffect(() => {
    let live = true;
    void drawQr(text).then((d) => {
      if (live) setDrawing(d);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawing) return <div className={className} aria-busy="true" />;
  return (
    <svg
      className={className}
      viewBox={drawing.viewBox}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <title>{label}</title>
      {drawing.paths.map((d) => (
        <path key={d} d={d} fill="#000000" />
      ))}
    </svg>
  );
}

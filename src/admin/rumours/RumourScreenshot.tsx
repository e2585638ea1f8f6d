import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';

/** PostgREST answers bytea as `\x` and hex digits. */
const dataUrl = (hex: string, type: string) => {
  const bytes = hex.replace(/^\\x/, '').match(/../g) ?? [];
  return `data:${type};base64,${btoa(bytes.map((b) => String.fromCharCode(parseInt(b, 16))).join(''))}`;
};

/** A report's screenshot, read only when its report is opened (the newsroom's alone); nothing when there is none or it was purged. */
export function RumourScreenshot({ reportId }: { reportId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void supabase
      .from('rumour_screenshots')
      .select('content_type, image')
      .eq('report_id', reportId)
      .maybeSingle()
      .then(({ data }) => live && data && setSrc(dataUrl(data.image as string, data.content_type)));
    return () => {
      live = false;
    };
  }, [reportId]);
  if (!src) return <Typography color="text.secondary">Pas de capture d'écran (ou supprimée après 90 jours).</Typography>;
  return <Box component="img" src={src} alt="Capture d'écran envoyée par le lecteur" sx={{ maxWidth: '100%', maxHeight: 480 }} />;
}

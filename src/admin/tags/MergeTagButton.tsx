import MergeIcon from '@mui/icons-material/CallMerge';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useRecordContext, useRedirect } from 'react-admin';
import { useErrorNotify, useTitledNotify } from '../articles/notify';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { kindName, type Tag } from './types';

/**
 * « Fusionner »: this tag's articles move to the one chosen, its address answers with the other's
 * page (301), and it goes (merge_tags). Asked once more before it happens: it cannot be undone.
 */
export function MergeTagButton() {
  const tag = useRecordContext<Tag>();
  const provider = useNewsroomDataProvider();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [into, setInto] = useState<Tag | null>(null);
  const [merging, setMerging] = useState(false);
  const { data = [] } = useGetList<Tag>(
    'tags',
    {
      filter: { q: typed },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 20 },
      meta: { columns: ['id', 'kind', 'name', 'slug'] },
    },
    { enabled: open },
  );
  if (!tag) return null;
  const choices = data.filter((t) => t.id !== tag.id);
  const merge = async () => {
    if (!into) return;
    setMerging(true);
    try {
      const moved = await provider.mergeTags(tag.id, into.id);
      notify('Étiquettes fusionnées', `« ${tag.name} » est désormais « ${into.name} » : ${moved} article(s) ajouté(s).`);
      redirect('list', 'tags');
    } catch (error) {
      notifyError(error, { failed: 'Impossible de fusionner les étiquettes' });
    } finally {
      setMerging(false);
    }
  };
  return (
    <>
      <Button startIcon={<MergeIcon />} onClick={() => setOpen(true)} aria-label={`Fusionner « ${tag.name} » dans une autre étiquette`}>
        Fusionner
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Fusionner « {tag.name} »</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Ses articles passent à l'étiquette choisie, son adresse mène à la page de celle-ci, puis elle disparaît. Cette opération est
            définitive.
          </DialogContentText>
          <Autocomplete<Tag>
            options={choices}
            value={into}
            onChange={(_, value) => setInto(value)}
            onInputChange={(_, value) => setTyped(value)}
            filterOptions={(options) => options}
            getOptionLabel={(t) => `${t.name} (${kindName(t.kind)})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText="Aucune étiquette"
            renderInput={(params) => <TextField {...params} label="Fusionner dans" />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" color="warning" disabled={!into || merging} onClick={() => void merge()}>
            Fusionner
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

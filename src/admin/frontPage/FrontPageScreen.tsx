import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Loading } from '@/lib/Loading';
import { BackToDashboard } from '../layout/BackToDashboard';
import { describeError } from '../providers/frenchErrors';
import { FrontPageSlot } from './FrontPageSlot';
import { TopicStripCard } from './TopicStripCard';
import { moveSlot, pinAt, unpinAt } from './slots';
import { useFrontPage } from './useFrontPage';

const placeName = (index: number) => (index === 0 ? 'À la une' : `Rang ${index + 1}`);

/**
 * « La une » (administrators): the article that leads the home page and, in order, the top
 * stories below it, and the country or topic strip (TopicStripCard). Each change is saved at
 * once; without a pin the newest article leads.
 */
export function FrontPageScreen() {
  const { slots, newest, loading, error, saving, change } = useFrontPage();
  const slot = (index: number) =>
    slots && (
      <FrontPageSlot
        key={index}
        index={index}
        name={placeName(index)}
        article={slots[index]}
        newest={newest}
        busy={saving}
        onPick={(article) => change((s) => pinAt(s, index, article))}
        onMove={(delta) => change((s) => moveSlot(s, index, delta))}
        onUnpin={() => change((s) => unpinAt(s, index))}
      />
    );
  return (
    <Box sx={{ py: 2 }}>
      <Title title="La une" />
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        La une
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        Choisissez l'article qui mène la page d'accueil et, si vous le souhaitez, les grands titres qui le suivent, dans l'ordre. Sans
        choix, l'article publié le plus récemment mène. Chaque changement est enregistré aussitôt.
      </Typography>
      {loading ? (
        <Loading />
      ) : error || !slots ? (
        <Alert severity="error">Impossible de charger la une. {describeError(error, 'frontPage')}</Alert>
      ) : (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>{slot(0)}</CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                Grands titres
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Sous l'article à la une, dans cet ordre. Facultatif.
              </Typography>
              {[1, 2, 3].map(slot)}
            </CardContent>
          </Card>
          <TopicStripCard />
        </>
      )}
    </Box>
  );
}

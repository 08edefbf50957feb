import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FRONTEND_VERSION } from '@tagtrack/contract';
import defaultLogo from '../../../assets/tagtrack-logo.svg';
import { LanguageSelect } from '../../../components/language-select';
import { useClientStore } from '../../../lib/client-store';
import { changeLanguage } from '../../../lib/i18n';
import { useSignIn } from '../api/create-token';
import { LoginForm } from '../components/login-form';

/** /login: sign in, with the interface language chosen up front. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const language = useClientStore((s) => s.language);
  const setLanguage = useClientStore((s) => s.setLanguage);

  useEffect(() => {
    document.title = `${t('documentTitle')} · Tagtrack`;
  }, [t]);

  return (
    <Stack spacing={3} sx={{ width: '100%', maxWidth: 420, alignItems: 'stretch' }}>
      <Card sx={{ borderRadius: 4, boxShadow: '0 12px 40px rgba(16, 24, 40, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <img src={defaultLogo} alt="Tagtrack" style={{ height: 40 }} />
          </Box>
          <Typography variant="h1" component="h1" sx={{ textAlign: 'center', mb: 0.75 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
            {t('subtitle')}
          </Typography>
          <LoginForm
            onSubmit={async (values) => {
              await signIn.mutateAsync(values);
              void navigate('/', { replace: true });
            }}
          />
          <Divider sx={{ my: 3 }} />
          <LanguageSelect
            label={t('common:language')}
            value={language}
            size="small"
            testId="login-language-select"
            onChange={(code) => {
              setLanguage(code);
              void changeLanguage(code);
            }}
          />
        </CardContent>
      </Card>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        Tagtrack {FRONTEND_VERSION}
      </Typography>
    </Stack>
  );
}

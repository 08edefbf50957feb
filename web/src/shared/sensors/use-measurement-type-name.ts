import { useTranslation } from 'react-i18next';

/**
 * A measurement type's name in the reader's language: the server names the fixed types in English
 * (a type added by a later server version shows its English name until translated).
 */
export function useMeasurementTypeName() {
  const { t } = useTranslation('sensors');
  return (name: string) => {
    if (name === 'Temperature') return t('typeTemperature');
    if (name === 'Humidity') return t('typeHumidity');
    return name;
  };
}

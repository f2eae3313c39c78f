/**
 * The one question both delete dialogs ask (overview and detail, issue 39): deleting moves the subscription to the
 * Prullenbak, from where it can be put back until the trash is emptied for good.
 */
export function DeleteSubscriptionQuestion({ reference, childName, camp }: { reference: string; childName: string; camp: string }) {
  return (
    <p className="mb-0">
      Wil je de inschrijving {reference} van {childName} ({camp}) verwijderen? Ze verdwijnt uit elke lijst en gaat naar de Prullenbak. Daar
      kan ze teruggezet worden, tot de Prullenbak na de bewaartermijn definitief gewist wordt.
    </p>
  );
}

"""Forms of the My memory page and of the staff fact editor."""

from django import forms

from memory.models import Fact

MAX_FACT_CHARS = 1000
DELETE_CONFIRMATION = "delete my memory"


class StaffFactForm(forms.ModelForm):
    """Only the text is editable; the admin saves it through audit.correct_by_staff."""

    text = forms.CharField(
        max_length=MAX_FACT_CHARS, strip=True, widget=forms.Textarea(attrs={"rows": 2})
    )

    class Meta:
        model = Fact
        fields = ["text"]


class CorrectFactForm(forms.Form):
    text = forms.CharField(max_length=MAX_FACT_CHARS, strip=True)


class DeleteMemoryForm(forms.Form):
    confirm = forms.CharField(max_length=100, strip=True)
    conversations = forms.BooleanField(
        required=False, label="Also delete my conversations (all chat messages)"
    )

    def clean_confirm(self) -> str:
        value = self.cleaned_data["confirm"]
        if value.lower() != DELETE_CONFIRMATION:
            raise forms.ValidationError(f'Type "{DELETE_CONFIRMATION}" to confirm.')
        return value

"""The move forms share their fields (games/forms.py, shared_fields): each form still judges
only its own input."""

from games.korsaren.web.forms import LaydownPreviewForm, MoveForm


def test_move_forms_sharing_their_fields_keep_their_own_data_and_errors():
    good = MoveForm({"action": "discard", "card": "red-3"})
    bad = MoveForm({"action": "fly", "card": "gold-99"})
    missing = MoveForm({"action": "draw"})
    assert good.fields is bad.fields  # shared, not copied

    assert bad.is_valid() is False
    assert set(bad.errors) == {"action", "card"}
    assert good.is_valid(), good.errors
    assert good.to_action() == {"action": "discard", "card": "red-3"}
    assert missing.is_valid() is False and set(missing.errors) == {"source"}
    assert MoveForm.base_fields["card"].choices[0] == ("red-1", "red-1")  # left as it was


def test_the_lay_down_preview_form_checks_its_cards_and_colours():
    form = LaydownPreviewForm({"card": "blue-7", "crew": ["red", "green"], "cards": ["pink-2"]})
    assert form.is_valid(), form.errors
    assert LaydownPreviewForm({"crew": ["gold"]}).is_valid() is False

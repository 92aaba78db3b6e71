from quotetrack.attribution.names import handle_to_name, person_key, role_of, slugify, surname


def test_handles_become_names():
    assert handle_to_name("@Maura_Healey") == "Maura Healey"
    assert handle_to_name("@BillMelugin_") == "Bill Melugin"


def test_person_key_ignores_middle_initials_but_not_first_names():
    assert person_key("Patricia H. Hyde") == person_key("Patricia Hyde")
    assert person_key("Tom Homan") != person_key("Jane Homan")


def test_roles_of_titles():
    assert role_of("acting Field Office Director") == "director"
    assert role_of("Gov.") == "governor"
    assert role_of("Massachusetts Governor") == "governor"
    # What follows "for" or "of" says whose role it is, not the role.
    assert role_of("Spokesman for the government") == "spokesman"
    assert role_of("Minister of Foreign Affairs") == "minister"
    # A second role is another role: the lieutenant governor is not "the governor".
    assert role_of("lieutenant governor") == role_of("Lt. Gov.") == "lieutenant governor"
    assert role_of("Vice President") == "vice president" != role_of("President")


def test_surname_and_slug():
    assert surname("Mr. John Smith Jr.") == "Smith"
    assert slugify("Tom Homan") == "tom-homan"
    assert slugify("José Ñúñez") == "jose-nunez"

import Testing

@testable import ShapeRendering

@Suite("SVG ids are renumbered per document")
struct SVGNormalizerTests {
    @Test func everyKindOfIdIsRenumberedFromOneInOrderOfFirstUse() {
        let input = """
            <symbol id="glyph7-1"/><symbol id="glyph7-2"/><symbol id="glyph9-1"/>\
            <clipPath id="clip12"/><g clip-path="url(#clip12)"><use xlink:href="#glyph9-1"/></g>\
            <g id="surface42"><image id="image5"/><mask id="mask3"/><pattern id="pattern8"/>\
            <linearGradient id="linear4"/><radialGradient id="radial6"/></g><use xlink:href="#surface40"/>
            """
        let expected = """
            <symbol id="glyph1-1"/><symbol id="glyph1-2"/><symbol id="glyph2-1"/>\
            <clipPath id="clip1"/><g clip-path="url(#clip1)"><use xlink:href="#glyph2-1"/></g>\
            <g id="surface1"><image id="image1"/><mask id="mask1"/><pattern id="pattern1"/>\
            <linearGradient id="linear1"/><radialGradient id="radial1"/></g><use xlink:href="#surface2"/>
            """
        #expect(String(decoding: SVGNormalizer.normalize(Array(input.utf8)), as: UTF8.self) == expected)
    }

    @Test func wordsThatOnlyLookLikeIdsAreLeftAlone() {
        let input = #"<text>clip3 glyph1-2 surface9</text><g id="notclip4"/><g id="clip"/>"#
        #expect(SVGNormalizer.normalize(Array(input.utf8)) == Array(input.utf8))
    }
}
